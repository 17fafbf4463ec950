import { useState } from 'react';
import { imageUrl, useConfig } from '../api/queries';
import { UserIcon } from './Icons';

/** Up to two initials of a name ("Ana López" → "AL"); empty for a name without letters (a phone number). */
export function initialsOf(name: string | undefined): string {
  if (!name) return '';
  const words = name
    .trim()
    .split(/\s+/)
    .filter((word) => /\p{L}/u.test(word));
  const letters = words.map((word) => Array.from(word).find((char) => /\p{L}/u.test(char)) ?? '');
  const picked = letters.length > 1 ? [letters[0], letters[letters.length - 1]] : letters;
  return picked.join('').toLocaleUpperCase();
}

/**
 * The configured logo (prefixed with the image base, spec §3). When there is none, or the
 * image fails to load, it falls back to the initials of `name`, else a neutral person icon.
 */
export function Avatar({ large = false, name }: { large?: boolean; name?: string }) {
  const config = useConfig();
  const src = imageUrl(config.data, config.data?.logo);
  // Remember which source failed, so a new logo from the config is tried again.
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const initials = initialsOf(name);
  let content;
  if (src && src !== failedSrc) {
    content = <img src={src} alt="" onError={() => setFailedSrc(src)} data-testid="avatar-image" />;
  } else if (initials) {
    content = (
      <span className="avatar-initials" aria-hidden="true">
        {initials}
      </span>
    );
  } else {
    content = <UserIcon data-testid="avatar-icon" />;
  }
  return <span className={large ? 'avatar large' : 'avatar'}>{content}</span>;
}
