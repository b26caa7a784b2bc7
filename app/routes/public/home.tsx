import type { Route } from './+types/home'

export function meta(_: Route.MetaArgs) {
  return [{ title: 'Vitrine — Portfolio' }]
}

export default function Screen() {
  return <h1>Accueil</h1>
}
