// Settings-driven snippets injected in public pages: custom CSS in a
// <style>, custom JS and Google Analytics only when set. Escaped so that stored text can
// never close its element and inject markup.

/** Makes text safe inside <style>: a "</style" sequence cannot end the element. */
export function escapeStyle(css: string): string {
  return css.replace(/<\/(style)/gi, '<\\/$1').replace(/<!--/g, '<\\!--')
}

/** Makes text safe inside <script>: "</script" and "<!--" cannot break out. */
export function escapeScript(js: string): string {
  return js
    .replace(/<\/(script)/gi, '<\\/$1')
    .replace(/<!--/g, '<\\!--')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029')
}

/** GA4 (G-…) and Universal Analytics (UA-…) ids; anything else is ignored. */
const GA_ID = /^(G-[A-Z0-9]{4,20}|UA-\d{4,12}-\d{1,4})$/i

export function analyticsId(value: string | undefined): string | undefined {
  const id = value?.trim()
  return id && GA_ID.test(id) ? id : undefined
}

export function analyticsSnippet(id: string): string {
  return `window.dataLayer=window.dataLayer||[];function gtag(){dataLayer.push(arguments)}gtag('js',new Date());gtag('config',${JSON.stringify(id)});`
}
