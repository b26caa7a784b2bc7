// TRUST_PROXY (ADR 024): which X-Forwarded-* hops Express believes. The client address is the
// one the last trusted proxy saw, never the left-most X-Forwarded-For value a client can
// write itself.
//
//   false, 0, no, empty   trust nothing: the socket's address (default)
//   true, yes             one proxy (the usual single reverse proxy on the same machine)
//   N (1-10)              N proxies in a row, counted from this server
//   list of addresses     only these proxies (IPs, CIDR ranges, or Express's names
//                         loopback / linklocal / uniquelocal), e.g. "loopback, 10.0.0.0/8"

import { BlockList, isIP } from 'node:net'

export type ProxyTrust = false | number | string[]

const OFF = new Set(['', '0', 'false', 'no', 'off'])
const ON = new Set(['true', 'yes', 'on'])
const NAMES = new Set(['loopback', 'linklocal', 'uniquelocal'])
const ADDRESS = /^[0-9a-f:.]+(\/\d{1,3})?$/i

/** Parses TRUST_PROXY; throws a French message when the value means nothing. */
export function parseTrustProxy(raw: string | undefined): ProxyTrust {
  const value = (raw ?? '').trim().toLowerCase()
  if (OFF.has(value)) return false
  if (ON.has(value)) return 1
  if (/^\d+$/.test(value)) {
    const hops = Number(value)
    if (hops > 10) throw new Error(`TRUST_PROXY : ${hops} proxys, c'est trop (10 au maximum).`)
    return hops === 0 ? false : hops
  }
  const list = value
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)
  const wrong = list.filter((part) => !NAMES.has(part) && !ADDRESS.test(part))
  if (list.length === 0 || wrong.length > 0) {
    throw new Error(
      `TRUST_PROXY invalide (${wrong.join(', ') || raw}) : attendu false, true, un nombre de proxys ou une liste d'adresses.`,
    )
  }
  return list
}

/** Peers that are a reverse proxy on this machine or network, not a visitor. */
const LOCAL_PEERS = new BlockList()
for (const [network, prefix] of [
  ['127.0.0.0', 8],
  ['10.0.0.0', 8],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
  ['100.64.0.0', 10],
  ['169.254.0.0', 16],
] as const)
  LOCAL_PEERS.addSubnet(network, prefix, 'ipv4')
for (const [network, prefix] of [
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
] as const)
  LOCAL_PEERS.addSubnet(network, prefix, 'ipv6')

export const UNTRUSTED_PROXY_WARNING =
  "Des requêtes arrivent d'un proxy local avec X-Forwarded-For, mais TRUST_PROXY n'est pas défini : toutes les visites semblent venir du proxy et partagent ses limites (connexion, contact). Définissez TRUST_PROXY (par exemple TRUST_PROXY=loopback)."

/**
 * ADR 024: a request that names a client in X-Forwarded-For while coming from a loopback or
 * private peer is most likely behind a reverse proxy that TRUST_PROXY does not declare.
 */
export function looksLikeUndeclaredProxy(
  peer: string | undefined,
  forwardedFor: string | string[] | undefined,
): boolean {
  if (forwardedFor === undefined || !peer) return false
  const version = isIP(peer)
  return version !== 0 && LOCAL_PEERS.check(peer, version === 4 ? 'ipv4' : 'ipv6')
}
