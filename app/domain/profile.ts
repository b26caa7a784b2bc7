// Profile form: name, title, email, bio required; the rest optional.
import { z } from 'zod'
import { MAX_LENGTH, optionalText, optionalUrl, requiredEmail, requiredText } from './common.ts'

export const ProfileSchema = z.object({
  name: requiredText('Le nom est requis'),
  title: requiredText('Le titre est requis'),
  email: requiredEmail("L'adresse e-mail est requise"),
  bio: requiredText('La biographie est requise', MAX_LENGTH.text),
  phone: optionalText(50),
  location: optionalText(),
  website: optionalUrl(),
  github: optionalUrl(),
  linkedin: optionalUrl(),
  twitter: optionalUrl(),
  avatar: optionalUrl(),
})

export type ProfileInput = z.input<typeof ProfileSchema>
export type ProfileData = z.output<typeof ProfileSchema>
