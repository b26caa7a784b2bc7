import type { Route } from './+types/register'

export function meta(_: Route.MetaArgs) {
  return [{ title: 'Inscription — Vitrine' }]
}

export default function Screen() {
  return <h1>Inscription</h1>
}
