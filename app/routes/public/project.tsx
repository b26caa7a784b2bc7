import type { Route } from './+types/project'

export function meta(_: Route.MetaArgs) {
  return [{ title: 'Projet — Vitrine' }]
}

export default function Screen() {
  return <h1>Projet</h1>
}
