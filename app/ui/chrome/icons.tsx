// The site chrome's icons, built once (ADR 040). The chrome is on every public page, so a page
// that shows one of these icons too imports it from here rather than building its own copy.
import {
  ArrowRight as LucideArrowRight,
  AtSign as LucideAtSign,
  Home as LucideHome,
  LayoutDashboard as LucideLayoutDashboard,
  LogOut as LucideLogOut,
  Mail as LucideMail,
  Menu as LucideMenu,
  Palette as LucidePalette,
  UserCog as LucideUserCog,
  X as LucideX,
} from 'lucide-react'
import { fastIcon } from '#app/ui/icons.tsx'

export const ArrowRight = /* @__PURE__ */ fastIcon(LucideArrowRight)
export const AtSign = /* @__PURE__ */ fastIcon(LucideAtSign)
export const Home = /* @__PURE__ */ fastIcon(LucideHome)
export const LayoutDashboard = /* @__PURE__ */ fastIcon(LucideLayoutDashboard)
export const LogOut = /* @__PURE__ */ fastIcon(LucideLogOut)
export const Mail = /* @__PURE__ */ fastIcon(LucideMail)
export const Menu = /* @__PURE__ */ fastIcon(LucideMenu)
export const Palette = /* @__PURE__ */ fastIcon(LucidePalette)
export const UserCog = /* @__PURE__ */ fastIcon(LucideUserCog)
export const X = /* @__PURE__ */ fastIcon(LucideX)
