import type { Route } from './+types/timeline'

export function meta(_: Route.MetaArgs) {
  return [{ title: 'Parcours — Vitrine' }]
}

export default function Screen() {
  return <h1>Parcours</h1>
}
