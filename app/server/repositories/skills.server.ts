// Skills: the about page's bars and the hub's skills tab.
import { cachedRead } from '#app/server/cache/generation.server.ts'
import type { Kysely } from 'kysely'
import { SkillSchema, type SkillInput } from '#app/domain/skill.ts'
import { SKILL_CATEGORIES, type Skill, type SkillCategory } from '#app/domain/types.ts'
import { getDb } from '#app/server/db/client.server.ts'
import type { Database, SkillsTable } from '#app/server/db/schema.server.ts'
import { createId } from '#app/server/db/util.server.ts'
import { parseOrThrow } from '#app/server/http/errors.server.ts'
import {
  compareText,
  deleteById,
  firstRow,
  mergePatch,
  updateExisting,
} from './collection.server.ts'

const COLUMNS = ['id', 'name', 'category', 'level', 'color'] as const

function toSkill(row: SkillsTable): Skill {
  return {
    id: row.id,
    name: row.name,
    category: row.category as SkillCategory,
    level: row.level,
    color: row.color,
  }
}

function categoryRank(category: string): number {
  const index = (SKILL_CATEGORIES as readonly string[]).indexOf(category)
  return index === -1 ? SKILL_CATEGORIES.length : index
}

async function findSkill(db: Kysely<Database>, id: string): Promise<Skill | undefined> {
  return firstRow(db.selectFrom('skills').select(COLUMNS).where('id', '=', id), toSkill)
}

/** All skills grouped by category (design, development, tools, soft), then by name. */
async function readSkills(): Promise<Skill[]> {
  const rows = await getDb().selectFrom('skills').select(COLUMNS).execute()
  return rows
    .map(toSkill)
    .sort(
      (a, b) =>
        categoryRank(a.category) - categoryRank(b.category) ||
        compareText(a.name, b.name) ||
        a.id.localeCompare(b.id),
    )
}

/** All skills, sorted. Read once per content generation (ADR 027). */
export const listSkills: () => Promise<Skill[]> = cachedRead('skills', readSkills)

export async function getSkill(id: string): Promise<Skill | undefined> {
  return findSkill(getDb(), id)
}

/** Validates then inserts (colour defaults to #8b5cf6). Throws ValidationError. */
export async function createSkill(input: SkillInput): Promise<Skill> {
  const fields = parseOrThrow(SkillSchema, input)
  const row: SkillsTable = { id: createId(), ...fields }
  await getDb().insertInto('skills').values(row).execute()
  return toSkill(row)
}

/** Partial update: untouched fields kept. Missing id → undefined. */
export async function updateSkill(id: string, patch: SkillInput): Promise<Skill | undefined> {
  return updateExisting(getDb(), findSkill, id, async (trx, current) => {
    const { id: _currentId, ...values } = current
    const fields = parseOrThrow(SkillSchema, mergePatch(values, patch))
    await trx.updateTable('skills').set(fields).where('id', '=', id).execute()
    return toSkill({ id, ...fields })
  })
}

export async function deleteSkill(id: string): Promise<boolean> {
  return deleteById(getDb(), 'skills', id)
}
