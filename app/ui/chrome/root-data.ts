import { useRouteLoaderData } from 'react-router'
import type { loader } from '#app/root.tsx'

export type RootData = Awaited<ReturnType<typeof loader>>

/** The root loader's site data and signed-in user (type-only import: no server code here). */
export function useRootData(): RootData | undefined {
  return useRouteLoaderData<typeof loader>('root')
}
