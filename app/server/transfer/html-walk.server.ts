// HTML read in linear time (ADR 083): htmlparser2's tokenizer, which never backtracks, and a
// stack of open elements at most MAX_HTML_DEPTH deep. Tags past that depth are dropped (their
// text is kept), end tags that close nothing are ignored and every element is closed, so the
// events a consumer sees are balanced. Turndown's DOM (domino) walks the open elements on
// every tag, like any HTML5 tree builder: bounding the depth here is what keeps a hostile
// body (100,000 nested <div>) from taking minutes there.
import { Tokenizer } from 'htmlparser2'

/** Deepest element nesting kept; real articles stay far below it. */
export const MAX_HTML_DEPTH = 64
const MAX_ATTRIBUTES = 32
const MAX_ATTRIBUTE_VALUE = 4096

export const VOID_ELEMENTS = new Set([
  'area',
  'base',
  'br',
  'col',
  'embed',
  'hr',
  'img',
  'input',
  'link',
  'meta',
  'param',
  'source',
  'track',
  'wbr',
])

/** Elements a second one of the same name closes (`<p>a<p>b`, `<li>a<li>b`). */
const SIBLING_CLOSES = new Set(['p', 'li', 'dt', 'dd', 'tr', 'td', 'th', 'option'])

export type Attributes = [name: string, value: string][]

export interface HtmlEvents {
  /** A start tag; `depth` is the element's depth (1 at the top). Void elements have no end. */
  open?(name: string, attributes: Attributes, depth: number): void
  close?(name: string, depth: number): void
  text?(text: string): void
}

export function attribute(attributes: Attributes, name: string): string | undefined {
  return attributes.find(([key]) => key === name)?.[1]
}

export function hasClass(attributes: Attributes, name: string): boolean {
  return (attribute(attributes, 'class') ?? '').split(/\s+/).includes(name)
}

/** Calls `events` for each balanced tag and run of text of `html`, in one linear pass. */
export function walkHtml(html: string, events: HtmlEvents, maxDepth = MAX_HTML_DEPTH): void {
  const stack: string[] = []
  let name = ''
  let attributes: Attributes = []
  let attributeName = ''
  let attributeValue = ''
  let text = ''
  const flush = () => {
    if (text === '') return
    events.text?.(text)
    text = ''
  }
  const popTo = (index: number) => {
    while (stack.length > index) {
      const closed = stack.pop()!
      events.close?.(closed, stack.length + 1)
    }
  }
  const open = (selfClosing: boolean) => {
    if (VOID_ELEMENTS.has(name)) {
      if (stack.length < maxDepth) events.open?.(name, attributes, stack.length + 1)
      return
    }
    if (SIBLING_CLOSES.has(name) && stack.at(-1) === name) popTo(stack.length - 1)
    if (stack.length >= maxDepth) return
    stack.push(name)
    events.open?.(name, attributes, stack.length)
    if (selfClosing) popTo(stack.length - 1)
  }
  const append = (value: string) => {
    if (attributeValue.length < MAX_ATTRIBUTE_VALUE) attributeValue += value
  }
  const tokenizer = new Tokenizer(
    { decodeEntities: true },
    {
      ontext: (start, end) => {
        text += html.slice(start, end)
      },
      ontextentity: (codepoint) => {
        text += String.fromCodePoint(codepoint)
      },
      oncdata: (start, end) => {
        text += html.slice(start, end)
      },
      onopentagname: (start, end) => {
        flush()
        name = html.slice(start, end).toLowerCase()
        attributes = []
      },
      onattribname: (start, end) => {
        attributeName = html.slice(start, end).toLowerCase()
        attributeValue = ''
      },
      onattribdata: (start, end) => append(html.slice(start, end)),
      onattribentity: (codepoint) => append(String.fromCodePoint(codepoint)),
      onattribend: () => {
        if (attributes.length < MAX_ATTRIBUTES && !attributes.some(([n]) => n === attributeName))
          attributes.push([attributeName, attributeValue.slice(0, MAX_ATTRIBUTE_VALUE)])
      },
      onopentagend: () => open(false),
      onselfclosingtag: () => open(true),
      onclosetag: (start, end) => {
        flush()
        const closing = html.slice(start, end).toLowerCase()
        const index = stack.lastIndexOf(closing)
        if (index >= 0) popTo(index)
      },
      oncomment: () => {},
      ondeclaration: () => {},
      onprocessinginstruction: () => {},
      onend: flush,
    },
  )
  tokenizer.write(html)
  tokenizer.end()
  flush()
  popTo(0)
}

export function escapeText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')
}

function escapeAttribute(text: string): string {
  return escapeText(text).replace(/"/g, '&quot;')
}

export function startTag(name: string, attributes: Attributes): string {
  const attrs = attributes
    .filter(([key]) => /^[a-z_:][\w:.-]*$/.test(key))
    .map(([key, value]) => ` ${key}="${escapeAttribute(value)}"`)
    .join('')
  return `<${name}${attrs}>`
}

/** A writer of balanced HTML that stops growing at `max` characters and says so. */
export class HtmlWriter {
  private parts: string[] = []
  private length = 0
  overflow = false
  private readonly max: number

  constructor(max: number) {
    this.max = max
  }

  write(piece: string): void {
    if (this.overflow) return
    this.length += piece.length
    if (this.length > this.max) this.overflow = true
    else this.parts.push(piece)
  }

  open(name: string, attributes: Attributes): void {
    this.write(startTag(name, attributes))
  }

  close(name: string): void {
    if (!VOID_ELEMENTS.has(name)) this.write(`</${name}>`)
  }

  text(text: string): void {
    this.write(escapeText(text))
  }

  toString(): string {
    return this.parts.join('')
  }
}
