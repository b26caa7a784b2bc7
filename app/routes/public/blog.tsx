import type { Route } from './+types/blog'

export function meta(_: Route.MetaArgs) {
  return [{ title: 'Blog — Vitrine' }]
}

export default function Screen() {
  return <h1>Blog</h1>
}
