// Every migration, by name, in order. A static list so the server bundle carries them
// (no directory scan at run time). Add new files here; never edit an applied one.
import type { Migration } from 'kysely/migration'
import * as m001 from './001-content.server.ts'
import * as m002 from './002-auth.server.ts'
import * as m003 from './003-activity-combined-index.server.ts'
import * as m004 from './004-media-library.server.ts'
import * as m005 from './005-outbox.server.ts'
import * as m006 from './006-publishing.server.ts'
import * as m009 from './009-two-factor-sessions.server.ts'
import * as m010 from './010-shared-state.server.ts'
import * as m011 from './011-cv-approval.server.ts'
import * as m012 from './012-import-sources.server.ts'
import * as m013 from './013-media-gallery.server.ts'
import * as m014 from './014-page-seo.server.ts'
import * as m015 from './015-analytics.server.ts'
import * as m016 from './016-translations.server.ts'
import * as m017 from './017-revision-locale.server.ts'
import * as m023 from './023-newsletter.server.ts'
import * as m024 from './024-pages.server.ts'
import * as m025 from './025-post-search.server.ts'
import * as m026 from './026-autosave-and-project-dates.server.ts'
import * as m027 from './027-media-content-hash.server.ts'
import * as m028 from './028-translation-sources.server.ts'
import * as m031 from './031-newsletter-plans.server.ts'
import * as m034 from './034-post-list-index.server.ts'
import * as m030 from './030-web-vitals.server.ts'
import * as m035 from './035-page-revisions.server.ts'
import * as m037 from './037-analytics-visits.server.ts'
import * as m038 from './038-analytics-compact.server.ts'
import * as m039 from './039-analytics-filter-rollup.server.ts'
import * as m040 from './040-analytics-small-ids.server.ts'
import * as m041 from './041-analytics-events-by-time.server.ts'
import * as m042 from './042-analytics-filter-month.server.ts'
import * as m032 from './032-activity-keyset-indexes.server.ts'

export const MIGRATIONS: Record<string, Migration> = {
  '001-content': m001,
  '002-auth': m002,
  '003-activity-combined-index': m003,
  '004-media-library': m004,
  '005-outbox': m005,
  '006-publishing': m006,
  '009-two-factor-sessions': m009,
  '010-shared-state': m010,
  '011-cv-approval': m011,
  '012-import-sources': m012,
  '013-media-gallery': m013,
  '014-page-seo': m014,
  '015-analytics': m015,
  '016-translations': m016,
  '017-revision-locale': m017,
  '023-newsletter': m023,
  '024-pages': m024,
  '025-post-search': m025,
  '026-autosave-and-project-dates': m026,
  '027-media-content-hash': m027,
  '028-translation-sources': m028,
  '031-newsletter-plans': m031,
  '030-web-vitals': m030,
  '035-page-revisions': m035,
  '034-post-list-index': m034,
  '037-analytics-visits': m037,
  '038-analytics-compact': m038,
  '039-analytics-filter-rollup': m039,
  '040-analytics-small-ids': m040,
  '041-analytics-events-by-time': m041,
  '042-analytics-filter-month': m042,
  '032-activity-keyset-indexes': m032,
}
