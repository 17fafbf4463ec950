import { imageUrl, useConfig } from '../api/queries';
import { UserIcon } from './Icons';

/** The configured logo (prefixed with the image base, spec §3) or a neutral person icon. */
export function Avatar({ large = false }: { large?: boolean }) {
  const config = useConfig();
  const src = imageUrl(config.data, config.data?.logo);
  return (
    <span className={large ? 'avatar large' : 'avatar'}>
      {src ? <img src={src} alt="" /> : <UserIcon />}
    </span>
  );
}
