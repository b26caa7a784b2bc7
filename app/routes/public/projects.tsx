import type { Route } from './+types/projects'

export function meta(_: Route.MetaArgs) {
  return [{ title: 'Projets — Vitrine' }]
}

export default function Screen() {
  return <h1>Projets</h1>
}
