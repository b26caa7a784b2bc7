import type { Route } from './+types/legal'

export function meta(_: Route.MetaArgs) {
  return [{ title: 'Informations légales — Vitrine' }]
}

export default function Screen() {
  return <h1>Informations légales</h1>
}
