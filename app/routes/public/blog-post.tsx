import type { Route } from './+types/blog-post'

export function meta(_: Route.MetaArgs) {
  return [{ title: 'Article — Vitrine' }]
}

export default function Screen() {
  return <h1>Article</h1>
}
