// A signed "known device" cookie (ADR 023): a browser in which an account
// has signed in with its password before carries a tag of that account. Such a browser is
// not held by the account-wide bound that many addresses can fill together, and its failures
// count against the device instead of its address, so nobody else (even behind the same
// address) can lock the owner out of their own browser. The tags are HMACs of the e-mail
// under the site's secret: the cookie names no account in clear and cannot be forged.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'
import { getEnv } from '../core/env.server.ts'

export const KNOWN_DEVICE_COOKIE = 'vitrine_device'
/** Accounts remembered per browser (the most recent ones). */
const MAX_ACCOUNTS = 5
const ONE_YEAR_S = 365 * 24 * 60 * 60

const mac = (text: string) =>
  createHmac('sha256', getEnv().BETTER_AUTH_SECRET).update(text).digest('base64url')

const accountTag = (email: string) =>
  createHmac('sha256', getEnv().BETTER_AUTH_SECRET)
    .update(`known-device|account|${email.toLowerCase()}`)
    .digest('hex')
    .slice(0, 16)

interface Device {
  id: string
  tags: string[]
}

function readDevice(request: Request): Device | null {
  const header = request.headers.get('cookie') ?? ''
  const raw = header
    .split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${KNOWN_DEVICE_COOKIE}=`))
    ?.slice(KNOWN_DEVICE_COOKIE.length + 1)
  if (!raw || raw.length > 512) return null
  const [version, id, tags, signature] = raw.split('.')
  if (version !== 'v1' || !id || tags === undefined || !signature) return null
  const expected = Buffer.from(mac(`known-device|${id}|${tags}`))
  const given = Buffer.from(signature)
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null
  return { id, tags: tags ? tags.split('-') : [] }
}

/** The device's id when this browser has signed in to `email` before, else null. */
export function knownDeviceFor(request: Request, email: string): string | null {
  const device = readDevice(request)
  return device && device.tags.includes(accountTag(email)) ? device.id : null
}

/** Set-Cookie value remembering `email` on this browser (after a successful sign-in). */
export function knownDeviceCookie(request: Request, email: string): string {
  const device = readDevice(request) ?? { id: randomBytes(16).toString('base64url'), tags: [] }
  const tag = accountTag(email)
  const tags = [...device.tags.filter((t) => t !== tag), tag].slice(-MAX_ACCOUNTS).join('-')
  const value = `v1.${device.id}.${tags}.${mac(`known-device|${device.id}|${tags}`)}`
  const secure = getEnv().PUBLIC_URL.startsWith('https://') ? '; Secure' : ''
  return `${KNOWN_DEVICE_COOKIE}=${value}; Path=/; Max-Age=${ONE_YEAR_S}; HttpOnly; SameSite=Lax${secure}`
}
