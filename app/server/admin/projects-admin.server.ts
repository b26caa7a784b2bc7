// The projects tab's list (ADR 099): one page of the search, filters and sort in the URL, the
// tags to filter by, and the bulk action on the ticked projects.
import { PROJECTS_LIST, readListQuery } from '#app/domain/admin-list.ts'
import type { AdminListing, CollectionDefinition } from '#app/domain/admin-collection.ts'
import { ValidationError } from '../http/errors.server.ts'
import {
  getProject,
  listAdminProjects,
  listProjectTags,
  updateProject,
} from '../repositories/projects.server.ts'
import type { Actor } from './admin-actions.server.ts'
import { loadCollection, removeItem } from './admin-collections.server.ts'
import { bulkIntent } from './admin-list.server.ts'

/** The tab's view; in the list, only the page the URL asks for. */
export async function loadProjectsTab(
  request: Request,
  projects: CollectionDefinition<'projects'>,
) {
  const query = readListQuery(PROJECTS_LIST, new URL(request.url).searchParams)
  let listing: AdminListing | undefined
  const view = await loadCollection(request, projects, async () => {
    const { items, ...page } = await listAdminProjects(query)
    listing = { query: { ...query, page: page.page }, total: page.total, pageCount: page.pageCount }
    return items
  })
  if (listing) listing.choices = { tag: await listProjectTags() }
  return { ...view, ...(listing ? { listing } : {}) }
}

/**
 * Feature, unfeature, tag or delete the ticked projects, each through the repository calls of
 * its own form (its English version deleted with it); a project gone meanwhile is skipped.
 */
export async function bulkProjectsIntent(
  request: Request,
  admin: Actor,
  projects: CollectionDefinition<'projects'>,
  form: { values: Record<string, unknown>; formData: FormData },
) {
  return bulkIntent(request, admin, form, {
    spec: PROJECTS_LIST,
    collection: projects,
    get: getProject,
    async apply(project, action, tag) {
      try {
        switch (action) {
          case 'delete':
            return await removeItem(projects, project.id)
          case 'feature':
          case 'unfeature':
            return !!(await updateProject(project.id, { featured: action === 'feature' }))
          case 'tag':
            if (project.tags.includes(tag)) return true
            return !!(await updateProject(project.id, { tags: [...project.tags, tag] }))
          default:
            return false
        }
      } catch (error) {
        // A tag the project's own form would refuse: that project is left as it was.
        if (error instanceof ValidationError) return false
        throw error
      }
    },
  })
}
