import { redirect } from 'react-router'
import { DEFAULT_ADMIN_TAB } from '#app/domain/admin-tabs.ts'

export function loader() {
  return redirect(`/admin/${DEFAULT_ADMIN_TAB}`)
}
