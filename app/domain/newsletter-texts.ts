// What the newsletter's public pages and form show (ADR 085), without the schema: the
// browser never loads Zod for a public form (ADR 086); the server checks with
// SubscribeSchema (newsletter.ts).
import type { Locale } from './i18n/locale.ts'

/** Hidden field a person leaves empty; a bot filling every input is answered as if subscribed. */
export const NEWSLETTER_HONEYPOT_FIELD = 'website'

/** The consent sentence shown under the form, unless the owner wrote their own. */
export const DEFAULT_CONSENT_TEXT: Record<Locale, string> = {
  fr: 'J’accepte de recevoir par e-mail chaque nouvel article. Un lien de désabonnement figure dans chaque e-mail.',
  en: 'I agree to receive each new post by e-mail. Every e-mail carries an unsubscribe link.',
}

export const NEWSLETTER_TEXTS = {
  fr: {
    title: 'Recevoir les nouveaux articles',
    email: 'Adresse e-mail',
    submit: 'S’abonner',
    done: 'Merci ! Si cette adresse peut s’abonner, un e-mail de confirmation vient d’y être envoyé. Cliquez sur son lien pour recevoir les prochains articles.',
    invalid: 'Veuillez saisir une adresse e-mail valide.',
    rateLimited:
      'Trop de demandes d’abonnement depuis votre adresse. Veuillez réessayer plus tard.',
    failure: 'L’abonnement n’a pas pu être enregistré. Veuillez réessayer.',
    confirmTitle: 'Confirmer votre abonnement',
    confirmButton: 'Confirmer mon abonnement',
    confirmed:
      'Abonnement confirmé. Vous recevrez chaque nouvel article en français par e-mail, rien d’autre. Chaque e-mail porte un lien « Se désabonner » qui vous retire de la liste en un clic.',
    confirmInvalid:
      'Ce lien de confirmation est invalide, déjà utilisé ou expiré (il vaut 7 jours). Abonnez-vous à nouveau depuis le blog.',
    unsubscribeTitle: 'Se désabonner',
    unsubscribeButton: 'Se désabonner',
    unsubscribed: 'Vous êtes désabonné : vous ne recevrez plus aucun article par e-mail.',
    resubscribeButton: 'Se réabonner',
    resubscribed: 'Vous êtes de nouveau abonné.',
    unsubscribeInvalid: 'Ce lien de désabonnement est invalide.',
  },
  en: {
    title: 'Get new posts by e-mail',
    email: 'E-mail address',
    submit: 'Subscribe',
    done: 'Thank you! If this address can subscribe, a confirmation e-mail has just been sent to it. Click its link to receive the next posts.',
    invalid: 'Please enter a valid e-mail address.',
    rateLimited: 'Too many subscription requests from your address. Please try again later.',
    failure: 'The subscription could not be saved. Please try again.',
    confirmTitle: 'Confirm your subscription',
    confirmButton: 'Confirm my subscription',
    confirmed:
      'Subscription confirmed. You will receive each new post in English by e-mail, nothing else. Every e-mail carries an "Unsubscribe" link that removes you in one click.',
    confirmInvalid:
      'This confirmation link is invalid, already used or expired (it lasts 7 days). Subscribe again from the blog.',
    unsubscribeTitle: 'Unsubscribe',
    unsubscribeButton: 'Unsubscribe',
    unsubscribed: 'You are unsubscribed: you will receive no more posts by e-mail.',
    resubscribeButton: 'Subscribe again',
    resubscribed: 'You are subscribed again.',
    unsubscribeInvalid: 'This unsubscribe link is invalid.',
  },
} as const satisfies Record<Locale, Record<string, string>>
