import type { Route } from './+types/contact'

export function meta(_: Route.MetaArgs) {
  return [{ title: 'Contact — Vitrine' }]
}

export default function Screen() {
  return <h1>Contact</h1>
}
