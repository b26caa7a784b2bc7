import type { Route } from './+types/setup'

export function meta(_: Route.MetaArgs) {
  return [{ title: 'Premier administrateur — Vitrine' }]
}

export default function Screen() {
  return <h1>Premier administrateur</h1>
}
