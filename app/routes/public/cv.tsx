import type { Route } from './+types/cv'

export function meta(_: Route.MetaArgs) {
  return [{ title: 'CV — Vitrine' }]
}

export default function Screen() {
  return <h1>CV</h1>
}
