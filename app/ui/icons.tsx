// The lucide icons of the public pages, built once (issue 16 point 1, ADR 040).
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
import {
  AlertTriangle as LucideAlertTriangle,
  ArrowLeft as LucideArrowLeft,
  ArrowRight as LucideArrowRight,
  AtSign as LucideAtSign,
  BookOpen as LucideBookOpen,
  Briefcase as LucideBriefcase,
  Calendar as LucideCalendar,
  CheckCircle2 as LucideCheckCircle2,
  ChevronLeft as LucideChevronLeft,
  ChevronRight as LucideChevronRight,
  Clock as LucideClock,
  Code2 as LucideCode2,
  Compass as LucideCompass,
  Download as LucideDownload,
  ExternalLink as LucideExternalLink,
  Eye as LucideEye,
  GraduationCap as LucideGraduationCap,
  Heart as LucideHeart,
  Home as LucideHome,
  LayoutDashboard as LucideLayoutDashboard,
  Lightbulb as LucideLightbulb,
  Loader2 as LucideLoader2,
  Lock as LucideLock,
  LogOut as LucideLogOut,
  Mail as LucideMail,
  MapPin as LucideMapPin,
  Maximize2 as LucideMaximize2,
  Menu as LucideMenu,
  Minimize2 as LucideMinimize2,
  Palette as LucidePalette,
  Phone as LucidePhone,
  Radar as LucideRadar,
  Search as LucideSearch,
  Send as LucideSend,
  ShieldAlert as LucideShieldAlert,
  Star as LucideStar,
  TriangleAlert as LucideTriangleAlert,
  UserCog as LucideUserCog,
  Users as LucideUsers,
  X as LucideX,
} from 'lucide-react'

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

export const AlertTriangle = fastIcon(LucideAlertTriangle)
export const ArrowLeft = fastIcon(LucideArrowLeft)
export const ArrowRight = fastIcon(LucideArrowRight)
export const AtSign = fastIcon(LucideAtSign)
export const BookOpen = fastIcon(LucideBookOpen)
export const Briefcase = fastIcon(LucideBriefcase)
export const Calendar = fastIcon(LucideCalendar)
export const CheckCircle2 = fastIcon(LucideCheckCircle2)
export const ChevronLeft = fastIcon(LucideChevronLeft)
export const ChevronRight = fastIcon(LucideChevronRight)
export const Clock = fastIcon(LucideClock)
export const Code2 = fastIcon(LucideCode2)
export const Compass = fastIcon(LucideCompass)
export const Download = fastIcon(LucideDownload)
export const ExternalLink = fastIcon(LucideExternalLink)
export const Eye = fastIcon(LucideEye)
export const GraduationCap = fastIcon(LucideGraduationCap)
export const Heart = fastIcon(LucideHeart)
export const Home = fastIcon(LucideHome)
export const LayoutDashboard = fastIcon(LucideLayoutDashboard)
export const Lightbulb = fastIcon(LucideLightbulb)
export const Loader2 = fastIcon(LucideLoader2)
export const Lock = fastIcon(LucideLock)
export const LogOut = fastIcon(LucideLogOut)
export const Mail = fastIcon(LucideMail)
export const MapPin = fastIcon(LucideMapPin)
export const Maximize2 = fastIcon(LucideMaximize2)
export const Menu = fastIcon(LucideMenu)
export const Minimize2 = fastIcon(LucideMinimize2)
export const Palette = fastIcon(LucidePalette)
export const Phone = fastIcon(LucidePhone)
export const Radar = fastIcon(LucideRadar)
export const Search = fastIcon(LucideSearch)
export const Send = fastIcon(LucideSend)
export const ShieldAlert = fastIcon(LucideShieldAlert)
export const Star = fastIcon(LucideStar)
export const TriangleAlert = fastIcon(LucideTriangleAlert)
export const UserCog = fastIcon(LucideUserCog)
export const Users = fastIcon(LucideUsers)
export const X = fastIcon(LucideX)
