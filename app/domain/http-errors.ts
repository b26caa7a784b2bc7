// French texts of refused requests, shared by the server (resource routes, the Express layer)
// and the error boundaries that show them (in English on the English site, ADR 074).
import { isRouteErrorResponse } from 'react-router'
import { translate, type Translate } from './i18n/translate.ts'

/**
 * What an error boundary may say of a refused request: our own French refusals (a response
 * thrown with a text, such as an unreadable form), and React Router's 405 for a form posted to
 * a page that takes none. React Router's other answers carry English texts: undefined.
 */
export function refusalText(error: unknown, t?: Translate): string | undefined {
  if (!isRouteErrorResponse(error)) return undefined
  if (error.status === 405)
    return t ? t('error:methodNotAllowed') : translate('fr', 'error:methodNotAllowed')
  const internal = (error as { internal?: unknown }).internal === true
  return !internal && typeof error.data === 'string' && error.data.trim() ? error.data : undefined
}
