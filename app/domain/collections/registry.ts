// The hub's collections by tab id (ADR 079): the one list the server's repository registry,
// the English versions and the item types are checked against.
import { blogCollection } from './blog.ts'
import type { ItemOf } from './define.ts'
import { mediaCollection } from './media.ts'
import { pagesCollection } from './pages.ts'
import { processCollection } from './process.ts'
import { projectsCollection } from './projects.ts'
import { skillsCollection } from './skills.ts'
import { timelineCollection } from './timeline.ts'

export const COLLECTIONS = {
  projects: projectsCollection,
  skills: skillsCollection,
  timeline: timelineCollection,
  process: processCollection,
  blog: blogCollection,
  pages: pagesCollection,
  media: mediaCollection,
} as const

export type CollectionId = keyof typeof COLLECTIONS

/** The item each collection holds. */
export type CollectionItems = { [K in CollectionId]: ItemOf<(typeof COLLECTIONS)[K]> }
