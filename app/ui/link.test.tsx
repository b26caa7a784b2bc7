import { renderToString } from 'react-dom/server'
import { Link as RouterLink, StaticRouter } from 'react-router'
import { describe, expect, it } from 'vitest'
import { isPlainAbsolutePath, Link } from './link.tsx'

type Props = React.ComponentProps<typeof RouterLink>

/** The same link through React Router's Link and ours, on a page nested two levels deep. */
function both(props: Props): [string, string] {
  const render = (Component: typeof RouterLink) =>
    renderToString(
      <StaticRouter location="/projects/abc?x=1">
        <Component {...props} />
      </StaticRouter>,
    )
  return [render(RouterLink), render(Link)]
}

describe('Link on the server (ADR 040)', () => {
  const cases: Props[] = [
    { to: '/', children: 'Accueil' },
    { to: '/blog', className: 'link', children: 'Blog' },
    { to: '/blog/', children: 'Blog' },
    { to: '/blog?tag=React%20Native', 'aria-current': 'page', children: 'Tag' },
    { to: '/projects/abc#galerie', target: '_self', children: 'Galerie' },
    { to: '/blog?', children: 'Search dropped' },
    { to: '/blog#', children: 'Hash dropped' },
    { to: '/a/../blog', children: 'Dots' },
    { to: '/a//b', children: 'Double slash' },
    { to: '//exemple.fr/x', children: 'Protocol-relative' },
    { to: 'https://exemple.fr/', children: 'External' },
    { to: 'relatif', children: 'Relative' },
    { to: '..', children: 'Parent' },
    { to: { pathname: '/blog', search: '?q=1' }, children: 'Object' },
    { to: '/contact', reloadDocument: true, children: 'Reload' },
    { to: '/contact', prefetch: 'intent', children: 'Prefetch' },
    { to: '/contact', discover: 'none', children: 'No discover' },
    { to: '/contact', replace: true, state: { a: 1 }, preventScrollReset: true, children: 'X' },
    { to: '/contact', onClick: () => {}, viewTransition: true, children: 'Click' },
  ]
  for (const props of cases) {
    it(`writes what React Router writes for ${JSON.stringify(props.to)}`, () => {
      const [expected, actual] = both(props)
      expect(actual).toBe(expected)
    })
  }

  it('takes the cheap path only for hrefs React Router leaves unchanged', () => {
    for (const to of [
      '/',
      '/blog',
      '/blog/',
      '/blog?tag=a',
      '/a#b',
      '/a?b#c',
      '/mentions-legales',
    ]) {
      expect(isPlainAbsolutePath(to), to).toBe(true)
    }
    for (const to of [
      '',
      'blog',
      '../a',
      '/a/./b',
      '/a/..',
      '//x',
      '/a//b',
      '/a\\b',
      '/a?',
      '/a#',
    ]) {
      expect(isPlainAbsolutePath(to), to).toBe(false)
    }
  })
})
