// The statistics' settings (ADR 072): on or off, how long raw events are kept (25 months at
// most), the weekly summary e-mail and the public view counts.
import { Form } from 'react-router'
import { clickGoalLines, goalLines, type StatsSettings } from '#app/domain/analytics.ts'
import { SubmitButton } from '../buttons.tsx'
import { CheckboxField, TextAreaField, TextField } from '../fields.tsx'

export function StatsSettingsForm({
  settings,
  failure,
  children,
}: {
  settings: StatsSettings
  /** The refused field and its French message (ADR 095). */
  failure?: { field: string; error: string }
  /** More settings with forms of their own (the share link, ADR 096). */
  children?: React.ReactNode
}) {
  const errorOf = (field: string) => (failure?.field === field ? failure.error : undefined)
  return (
    <details className="mt-6 rounded-md border border-zinc-200 bg-white p-4">
      <summary className="cursor-pointer font-semibold text-zinc-900">
        Réglages des statistiques
      </summary>
      <Form method="post" className="mt-4 grid gap-4 md:max-w-xl">
        <CheckboxField
          name="enabled"
          label="Mesurer l’audience du site"
          defaultChecked={settings.enabled}
        />
        <TextField
          name="retentionMonths"
          label="Conservation des données détaillées (mois)"
          type="number"
          min={1}
          max={25}
          defaultValue={String(settings.retentionMonths)}
          hint="25 mois au plus (CNIL). Les totaux anonymes sont conservés."
          error={errorOf('retentionMonths')}
        />
        <TextField
          name="timeZone"
          label="Fuseau horaire"
          defaultValue={settings.timeZone}
          hint="Nom IANA, par exemple Europe/Paris. Jours, heures et périodes le suivent ; le changer recompte les visites encore conservées."
          error={errorOf('timeZone')}
        />
        <TextAreaField
          name="goals"
          label="Objectifs : pages visitées"
          defaultValue={goalLines(settings.goals)}
          hint="Un objectif par ligne : « Nom = /adresse », par exemple « Demande de devis = /merci ». Chaque objectif filtre le tableau de bord."
          error={errorOf('goals')}
        />
        <TextAreaField
          name="clickGoals"
          label="Objectifs : clics"
          defaultValue={clickGoalLines(settings.clickGoals)}
          hint={
            'Un objectif par ligne : « nom = adresse du lien ou sélecteur CSS », par exemple « devis = /contact » ou « malt = a.malt ». Dans un texte Markdown, un lien dont le titre est « objectif:nom » compte aussi : [Me contacter](/contact "objectif:contact-projet"). Noms : lettres minuscules, chiffres et tirets.'
          }
          error={errorOf('clickGoals')}
        />
        <CheckboxField
          name="weeklyEmail"
          label="Recevoir un résumé chaque semaine par e-mail"
          defaultChecked={settings.weeklyEmail}
        />
        <CheckboxField
          name="monthlyEmail"
          label="Recevoir un résumé chaque mois par e-mail (le 1er, pour le mois écoulé)"
          defaultChecked={settings.monthlyEmail}
        />
        <div>
          <SubmitButton intent="settings">Enregistrer</SubmitButton>
        </div>
      </Form>
      {children}
    </details>
  )
}
