// Admin tab "Compétences" (spec §3 Skill, §5 skill form): name, category, level 1–5,
// colour #RRGGBB (default #8b5cf6) with a picker; list and form views.
import { Form } from 'react-router'
import type { Route } from './+types/skills'
import {
  DEFAULT_SKILL_COLOR,
  SKILL_CATEGORY_LABELS,
  SKILL_DELETE_QUESTION,
  SkillSchema,
  skillLevelPercent,
} from '#app/domain/skill.ts'
import { SKILL_CATEGORIES, type Skill } from '#app/domain/types.ts'
import {
  handleCrudIntent,
  loadCrudView,
  readAdminForm,
  unknownIntent,
  type FormFailure,
} from '#app/server/admin-actions.server.ts'
import { requireAdmin } from '#app/server/auth/guard.server.ts'
import {
  createSkill,
  deleteSkill,
  getSkill,
  listSkills,
  updateSkill,
} from '#app/server/repositories/skills.server.ts'
import { FormErrorSummary } from '#app/ui/admin/banner.tsx'
import { SubmitButton } from '#app/ui/admin/buttons.tsx'
import { ConfirmDelete } from '#app/ui/admin/confirm-delete.tsx'
import {
  ColorField,
  FieldGrid,
  initialValue,
  SelectField,
  TextField,
} from '#app/ui/admin/fields.tsx'
import {
  AddButton,
  CancelLink,
  EditLink,
  EmptyState,
  FormActions,
  FormPanel,
  ItemList,
  ItemRow,
  TabHeader,
} from '#app/ui/admin/list.tsx'
import { useSchemaForm } from '#app/ui/admin/use-schema-form.ts'

export function meta() {
  return [{ title: 'Compétences — Administration du Portfolio' }]
}

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request)
  return loadCrudView(request, {
    get: getSkill,
    list: listSkills,
    missing: 'Compétence introuvable',
  })
}

export async function action({ request }: Route.ActionArgs) {
  const admin = await requireAdmin(request)
  const form = await readAdminForm(request)
  const result = await handleCrudIntent(request, admin, form, {
    listUrl: '/admin/skills',
    resourceType: 'skill',
    nameOf: (s: Skill) => s.name,
    get: getSkill,
    create: createSkill,
    update: updateSkill,
    remove: deleteSkill,
    messages: {
      created: 'Compétence ajoutée avec succès',
      updated: 'Compétence mise à jour avec succès',
      deleted: 'Compétence supprimée avec succès',
      missing: "Cette compétence n'existe plus.",
    },
  })
  return result ?? unknownIntent(form.intent)
}

export default function SkillsTab({ loaderData, actionData }: Route.ComponentProps) {
  if (loaderData.mode === 'list') return <SkillList skills={loaderData.items} />
  return (
    <SkillForm key={loaderData.item?.id ?? 'new'} skill={loaderData.item} failure={actionData} />
  )
}

const CATEGORY_OPTIONS = [
  { value: '', label: 'Choisir une catégorie' },
  ...SKILL_CATEGORIES.map((c) => ({ value: c, label: SKILL_CATEGORY_LABELS[c] })),
]

function SkillList({ skills }: { skills: Skill[] }) {
  return (
    <section>
      <TabHeader title="Compétences">
        <AddButton label="Nouvelle compétence" />
      </TabHeader>
      {skills.length === 0 ? (
        <EmptyState>
          Aucune compétence pour le moment. Ajoutez votre première compétence.
        </EmptyState>
      ) : (
        <ItemList label="Liste des compétences">
          {skills.map((skill) => (
            <ItemRow
              key={skill.id}
              actions={
                <>
                  <EditLink id={skill.id} itemName={skill.name} />
                  <ConfirmDelete
                    id={skill.id}
                    itemName={skill.name}
                    question={SKILL_DELETE_QUESTION}
                  />
                </>
              }
            >
              <div className="flex items-center gap-3">
                <span
                  aria-hidden="true"
                  className="h-4 w-4 shrink-0 rounded-full"
                  style={{ backgroundColor: skill.color }}
                />
                <div className="min-w-0 flex-1">
                  <p className="font-medium text-zinc-900">{skill.name}</p>
                  <p className="text-sm text-zinc-600">
                    {SKILL_CATEGORY_LABELS[skill.category]} · Niveau {skill.level}/5
                  </p>
                  <div className="mt-1 h-1.5 w-40 rounded bg-zinc-200" aria-hidden="true">
                    <div
                      className="h-1.5 rounded"
                      style={{
                        width: `${skillLevelPercent(skill.level)}%`,
                        backgroundColor: skill.color,
                      }}
                    />
                  </div>
                </div>
              </div>
            </ItemRow>
          ))}
        </ItemList>
      )}
    </section>
  )
}

function SkillForm({ skill, failure }: { skill: Skill | null; failure: FormFailure | undefined }) {
  const { errors, onSubmit } = useSchemaForm(SkillSchema, failure?.fieldErrors)
  const typed = failure?.values
  const v = (key: keyof Skill, stored: unknown) => initialValue(typed, key, stored)
  const editing = skill !== null
  return (
    <FormPanel title={editing ? 'Modifier la compétence' : 'Nouvelle compétence'}>
      <FormErrorSummary errors={errors} formError={failure?.formError} />
      <Form method="post" noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
        {editing ? <input type="hidden" name="id" value={skill.id} /> : null}
        <FieldGrid>
          <TextField
            name="name"
            label="Nom"
            required
            defaultValue={v('name', skill?.name)}
            error={errors.name}
          />
          <SelectField
            name="category"
            label="Catégorie"
            required
            options={CATEGORY_OPTIONS}
            defaultValue={v('category', skill?.category)}
            error={errors.category}
          />
          <TextField
            name="level"
            label="Niveau (1 à 5)"
            type="number"
            inputMode="numeric"
            min={1}
            max={5}
            step={1}
            required
            defaultValue={v('level', skill?.level ?? 3)}
            error={errors.level}
          />
          <ColorField
            name="color"
            label="Couleur"
            required
            hint="Format #RRGGBB"
            defaultValue={v('color', skill?.color ?? DEFAULT_SKILL_COLOR)}
            error={errors.color}
          />
        </FieldGrid>
        <FormActions>
          <CancelLink />
          <SubmitButton intent={editing ? 'update' : 'create'} pendingLabel="Enregistrement…">
            {editing ? 'Mettre à jour' : 'Ajouter'}
          </SubmitButton>
        </FormActions>
      </Form>
    </FormPanel>
  )
}
