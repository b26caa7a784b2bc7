// React Router's <Link> in the page's language. On an English page (ADR 074) a plain path to a
// public page is written in English ("/projects" → "/en/projects"), so the pages and the chrome
// name their French paths once.
import { createElement, useContext, type ComponentProps } from 'react'
import { Link as RouterLink } from 'react-router'
import { localizePath } from '#app/domain/i18n/locale.ts'
import { LocaleContext } from './i18n.tsx'

type LinkProps = ComponentProps<typeof RouterLink>

/** The link in the page's language: a string `to` of a public page goes to its English twin. */
function LocalizedLink(props: LinkProps) {
  const locale = useContext(LocaleContext)
  if (locale === 'fr' || typeof props.to !== 'string') return createElement(RouterLink, props)
  return createElement(RouterLink, { ...props, to: localizePath(props.to, locale) })
}

/** React Router's `Link`, localised. */
export const Link: typeof RouterLink = LocalizedLink as typeof RouterLink
