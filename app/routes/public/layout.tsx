import { Outlet } from 'react-router'
import type { Route } from './+types/layout'
import { useRootData } from '#app/ui/chrome/root-data.ts'
import { getSiteSettings } from '#app/server/repositories/settings.server.ts'
import {
  analyticsId,
  analyticsSnippet,
  escapeScript,
  escapeStyle,
} from '#app/server/seo.server.ts'
import { SiteChrome } from '#app/ui/chrome/site-chrome.tsx'

export async function loader() {
  const settings = await getSiteSettings()
  const gaId = analyticsId(settings.googleAnalyticsId)
  return {
    footer: {
      siteName: settings.siteName,
      siteDescription: settings.siteDescription,
      github: settings.socialMedia.github,
      twitter: settings.socialMedia.twitter,
      linkedin: settings.socialMedia.linkedin,
      email: settings.contact.email,
    },
    year: new Date().getFullYear(),
    customCss: settings.customCss?.trim() ? escapeStyle(settings.customCss) : null,
    customJs: settings.customJs?.trim() ? escapeScript(settings.customJs) : null,
    analytics: gaId ? { id: gaId, snippet: analyticsSnippet(gaId) } : null,
  }
}

export default function PublicLayout({ loaderData }: Route.ComponentProps) {
  const root = useRootData()
  const { footer, year, customCss, customJs, analytics } = loaderData
  return (
    <>
      {customCss ? (
        <style data-custom-css="" dangerouslySetInnerHTML={{ __html: customCss }} />
      ) : null}
      <SiteChrome
        user={root?.user ?? null}
        footer={footer}
        year={year}
        logo={root?.site.logo ?? null}
        siteName={footer.siteName}
      >
        <Outlet />
      </SiteChrome>
      {analytics ? (
        <>
          <script
            async
            src={`https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(analytics.id)}`}
          />
          <script dangerouslySetInnerHTML={{ __html: analytics.snippet }} />
        </>
      ) : null}
      {customJs ? (
        <script data-custom-js="" dangerouslySetInnerHTML={{ __html: customJs }} />
      ) : null}
    </>
  )
}
