import { data } from 'react-router'
import type { Route } from './+types/not-found'

export function loader() {
  return data(null, { status: 404 })
}

export function meta(_: Route.MetaArgs) {
  return [{ title: 'Dimension Inconnue — Vitrine' }]
}

export default function NotFound() {
  return <h1>Dimension Inconnue</h1>
}
