/** The avatar's initials and colour: the colour follows the letter group of the first initial. */

const AVATAR_GROUPS = ["a-e", "f-j", "k-o", "p-t", "u-z", "other"] as const;
export type AvatarGroup = (typeof AVATAR_GROUPS)[number];

/** Up to two initials: of the first and last words, upper-case ('Ada Lovelace' → 'AL'). */
export function avatarInitials(name: string | null | undefined): string {
  const words = (name ?? "").trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return "?";
  const first = [...(words[0] ?? "")][0] ?? "";
  const last = words.length > 1 ? ([...(words[words.length - 1] ?? "")][0] ?? "") : "";
  return (first + last).toUpperCase();
}

/** The letter group of an initial: a–e, f–j, k–o, p–t, u–z (accents folded), anything else 'other'. */
export function avatarGroup(initial: string): AvatarGroup {
  const letter = initial
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .charAt(0)
    .toLowerCase();
  if (letter >= "a" && letter <= "e") return "a-e";
  if (letter >= "f" && letter <= "j") return "f-j";
  if (letter >= "k" && letter <= "o") return "k-o";
  if (letter >= "p" && letter <= "t") return "p-t";
  if (letter >= "u" && letter <= "z") return "u-z";
  return "other";
}
