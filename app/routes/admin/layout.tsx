import { Outlet } from 'react-router'
import type { Route } from './+types/layout'

export function meta(_: Route.MetaArgs) {
  return [{ title: 'Administration du Portfolio' }]
}

export default function AdminLayout() {
  return (
    <main>
      <h1>Administration du Portfolio</h1>
      <p>Gérez votre contenu et vos paramètres</p>
      <Outlet />
    </main>
  )
}
