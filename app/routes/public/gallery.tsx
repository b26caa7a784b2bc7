import type { Route } from './+types/gallery'

export function meta(_: Route.MetaArgs) {
  return [{ title: 'Galerie — Vitrine' }]
}

export default function Screen() {
  return <h1>Galerie Dimensionnelle</h1>
}
