import type { Route } from './+types/login'

export function meta(_: Route.MetaArgs) {
  return [{ title: 'Connexion — Vitrine' }]
}

export default function Screen() {
  return <h1>Connexion</h1>
}
