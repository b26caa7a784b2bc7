// A page's markup as a static React element tree: the same elements, attributes and text as a
// rendered document, with no component, hook, context or router. `bench:render` times
// `renderToString` of it beside the app's own render of that page, so the difference is what
// the components and React Router's document layer cost (ADR 055).
//
// Reads what React itself writes (quoted attributes, closed elements, `<!-- -->` between
// texts); it is not an HTML parser for markup from elsewhere.
import { createElement, type ReactElement, type ReactNode } from 'react'

const VOID = new Set([
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
  'source',
  'track',
  'wbr',
])
const RAW_TEXT = new Set(['script', 'style'])
/** HTML attribute names whose React prop is spelled otherwise. */
const PROP_NAMES: Record<string, string> = {
  class: 'className',
  for: 'htmlFor',
  charset: 'charSet',
  'http-equiv': 'httpEquiv',
  tabindex: 'tabIndex',
  crossorigin: 'crossOrigin',
  srcset: 'srcSet',
  fetchpriority: 'fetchPriority',
  readonly: 'readOnly',
  maxlength: 'maxLength',
  minlength: 'minLength',
  autocomplete: 'autoComplete',
  enctype: 'encType',
  colspan: 'colSpan',
  rowspan: 'rowSpan',
  referrerpolicy: 'referrerPolicy',
  playsinline: 'playsInline',
  novalidate: 'noValidate',
  autoplay: 'autoPlay',
  itemprop: 'itemProp',
  'stroke-width': 'strokeWidth',
  'stroke-linecap': 'strokeLinecap',
  'stroke-linejoin': 'strokeLinejoin',
  'fill-rule': 'fillRule',
  'clip-rule': 'clipRule',
}
/** Attributes React writes as `name=""` when true. */
const BOOLEAN = new Set([
  'async',
  'defer',
  'hidden',
  'disabled',
  'checked',
  'required',
  'open',
  'inert',
  'multiple',
  'selected',
  'readonly',
  'autofocus',
  'nomodule',
  'playsinline',
  'muted',
  'loop',
  'autoplay',
  'controls',
  'novalidate',
  'default',
  'reversed',
])

const decode = (text: string) =>
  text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')

/** `a:b;c-d:e` → `{ a: 'b', cD: 'e' }` (custom properties kept as written). */
function styleObject(style: string): Record<string, string> {
  const out: Record<string, string> = {}
  for (const declaration of style.split(';')) {
    const colon = declaration.indexOf(':')
    if (colon === -1) continue
    const name = declaration.slice(0, colon).trim()
    const key = name.startsWith('--')
      ? name
      : name.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase())
    out[key] = declaration.slice(colon + 1).trim()
  }
  return out
}

const ATTRIBUTE = /\s+([^\s=>"'/]+)(?:="([^"]*)")?/y

interface Open {
  type: string
  props: Record<string, unknown>
  children: ReactNode[]
}

/** The element tree of `html` (its root element; a doctype and comments are left out). */
export function markupTree(html: string): ReactElement {
  const root: Open = { type: '#root', props: {}, children: [] }
  const stack: Open[] = [root]
  const top = () => stack[stack.length - 1]!
  let i = 0
  while (i < html.length) {
    const lt = html.indexOf('<', i)
    if (lt === -1) {
      top().children.push(decode(html.slice(i)))
      break
    }
    if (lt > i) top().children.push(decode(html.slice(i, lt)))
    if (html.startsWith('<!--', lt)) {
      i = html.indexOf('-->', lt) + 3
      continue
    }
    if (html.startsWith('<!', lt)) {
      i = html.indexOf('>', lt) + 1
      continue
    }
    if (html[lt + 1] === '/') {
      const end = html.indexOf('>', lt)
      close(stack)
      i = end + 1
      continue
    }
    const name = /^[a-zA-Z][a-zA-Z0-9-]*/.exec(html.slice(lt + 1, lt + 40))![0]
    const props: Record<string, unknown> = {}
    let at = lt + 1 + name.length
    ATTRIBUTE.lastIndex = at
    for (let m = ATTRIBUTE.exec(html); m; m = ATTRIBUTE.exec(html)) {
      at = ATTRIBUTE.lastIndex
      const attribute = m[1]!
      const value = m[2] === undefined ? '' : decode(m[2])
      if (attribute === 'style') props.style = styleObject(value)
      else if (BOOLEAN.has(attribute.toLowerCase()) && value === '')
        props[PROP_NAMES[attribute] ?? attribute] = true
      else props[PROP_NAMES[attribute] ?? attribute] = value
    }
    const tagEnd = html.indexOf('>', at)
    const selfClosing = html[tagEnd - 1] === '/'
    i = tagEnd + 1
    if (RAW_TEXT.has(name)) {
      const end = html.indexOf(`</${name}`, i)
      props.dangerouslySetInnerHTML = { __html: html.slice(i, end) }
      top().children.push(createElement(name, props))
      i = html.indexOf('>', end) + 1
      continue
    }
    if (VOID.has(name) || selfClosing) {
      // React writes an image's preload itself, from the <img> it hoists it for.
      if (name === 'link' && props.rel === 'preload' && props.as === 'image') continue
      // A form field's initial state (React writes `defaultValue` as `value`).
      if (name === 'input' && 'value' in props) {
        props.defaultValue = props.value
        delete props.value
      }
      if (name === 'input' && 'checked' in props) {
        props.defaultChecked = props.checked
        delete props.checked
      }
      top().children.push(createElement(name, props))
      continue
    }
    stack.push({ type: name, props, children: [] })
  }
  while (stack.length > 1) close(stack)
  const element = root.children.find((child) => typeof child === 'object')
  if (!element) throw new Error('markupTree: no element')
  return element as ReactElement
}

function close(stack: Open[]) {
  const open = stack.pop()!
  const element =
    open.type === 'textarea'
      ? createElement(open.type, { ...open.props, defaultValue: open.children.join('') })
      : createElement(open.type, open.props, ...open.children)
  stack[stack.length - 1]!.children.push(element)
}
