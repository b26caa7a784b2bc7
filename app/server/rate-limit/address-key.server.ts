// The key one client is counted under (ADR 084). An IPv4 address is one client; an IPv6 host
// is given a whole /64 (RFC 4291 interface identifiers), and rotating the last 64 bits is
// free, so an IPv6 address counts under its /64 prefix. An IPv4-mapped IPv6 address is its
// IPv4 address.
import { isIPv4, isIPv6 } from 'node:net'

/** The eight 16-bit groups of an IPv6 address, or undefined when it is not one. */
function ipv6Groups(address: string): number[] | undefined {
  const ip = address.replace(/%.*$/, '')
  if (!isIPv6(ip)) return undefined
  let text = ip.toLowerCase()
  // A dotted IPv4 tail (::ffff:192.0.2.1) becomes two groups.
  const tail = /(\d+\.\d+\.\d+\.\d+)$/.exec(text)
  if (tail) {
    const [a, b, c, d] = tail[1]!.split('.').map(Number) as [number, number, number, number]
    text = `${text.slice(0, -tail[1]!.length)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`
  }
  const [head, rest] = text.split('::') as [string, string | undefined]
  const left = head ? head.split(':') : []
  const right = rest === undefined ? [] : rest ? rest.split(':') : []
  const fill = rest === undefined ? [] : Array<string>(8 - left.length - right.length).fill('0')
  const groups = [...left, ...fill, ...right].map((g) => parseInt(g, 16))
  return groups.length === 8 && groups.every((g) => g >= 0 && g <= 0xffff) ? groups : undefined
}

/** `203.0.113.7` as is; `2001:db8:1:2:a:b:c:d` → `2001:db8:1:2::/64`; anything else as is. */
export function addressKey(address: string): string {
  if (isIPv4(address)) return address
  const groups = ipv6Groups(address)
  if (!groups) return address
  const mapped = groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff
  if (mapped)
    return [groups[6]! >> 8, groups[6]! & 255, groups[7]! >> 8, groups[7]! & 255].join('.')
  return `${groups
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(':')}::/64`
}
