// lucide icons built once (ADR 040): `const Clock = fastIcon(LucideClock)`
// beside the component that uses it (each page's chunk keeps only its own icons).
//
// lucide-react rebuilds each icon at every render: its attribute object through
// `buildLucideIconNode` (object spreads, a reduce, class names split, deduplicated and joined),
// then one React element per path. Here the paths' elements are made once per icon and the
// class name once per distinct `className`; the <svg> written is attribute for attribute the
// one lucide writes (app/ui/icons.test.tsx compares them). Props this fast path does not
// handle (size, colour, stroke width, children, a ref) go through lucide's own component.
// No LucideProvider is used in this app, so lucide's context defaults always apply.
import { createElement, type ReactElement } from 'react'
import type { LucideIcon, LucideProps } from 'lucide-react'

interface IconData {
  name?: string
  aliases?: string[]
  size?: number
  node: [string, Record<string, string>][]
}

/** Props lucide turns into something else than the attribute of the same name. */
const SLOW_PROPS = [
  'color',
  'size',
  'width',
  'height',
  'strokeWidth',
  'absoluteStrokeWidth',
  'nonScalingStroke',
  'children',
  'ref',
] as const

/** lucide's `hasA11yProp`: without one of these, lucide adds aria-hidden="true". */
function hasA11yProp(props: Record<string, unknown>): boolean {
  for (const name in props) {
    if ((name.startsWith('aria-') || name === 'role' || name === 'title') && props[name] != null) {
      return true
    }
  }
  return false
}

/** lucide's `mergeClasses`: tokens in order of first appearance, each once. */
function mergeClasses(...classes: string[]): string {
  const tokens = new Set<string>()
  for (const cls of classes) for (const token of cls.split(/\s+/)) if (token) tokens.add(token)
  return [...tokens].join(' ')
}

/** A lucide icon component's data (its outer forwardRef renders lucide's `Icon` with it). */
function iconData(Icon: LucideIcon): IconData {
  const outer = Icon as unknown as {
    render(props: object, ref: null): ReactElement<{ icon: IconData }>
  }
  return outer.render({}, null).props.icon
}

export function fastIcon(Icon: LucideIcon): LucideIcon {
  const data = iconData(Icon)
  const size = data.size ?? 24
  const iconClasses = [
    'lucide',
    ...(data.name ? [`lucide-${data.name}`] : []),
    ...(data.aliases ?? []).filter((a) => a.trim() !== '').map((a) => `lucide-${a}`),
  ]
  // Made once: React elements are immutable and may appear in any number of renders.
  const paths = data.node.map(([tag, attrs]) => createElement(tag, attrs))
  // One entry per distinct className in the code: a handful per icon.
  const classNames = new Map<string, string>()
  function FastIcon(props: LucideProps): ReactElement {
    for (const name of SLOW_PROPS) if (props[name] !== undefined) return createElement(Icon, props)
    const { className = '', ...rest } = props as LucideProps & Record<string, unknown>
    let merged = classNames.get(className)
    if (merged === undefined) {
      merged = mergeClasses(...iconClasses, ...mergeClasses('', className).split(' '))
      if (classNames.size < 64) classNames.set(className, merged)
    }
    return createElement(
      'svg',
      {
        xmlns: 'http://www.w3.org/2000/svg',
        width: 24,
        height: 24,
        viewBox: `0 0 ${size} ${size}`,
        fill: 'none',
        stroke: 'currentColor',
        strokeWidth: 2,
        strokeLinecap: 'round',
        strokeLinejoin: 'round',
        className: merged,
        ...(hasA11yProp(rest) ? {} : { 'aria-hidden': 'true' }),
        ...rest,
      },
      paths,
    )
  }
  FastIcon.displayName = Icon.displayName
  return FastIcon as unknown as LucideIcon
}
