import { useState } from 'react';
import { Avatar } from 'primereact/avatar';
import { avatarLook, initials } from './avatar';

type TCustomAiAvatarProps = {
  avatar: string;
  name: string;
  size?: 'normal' | 'large' | 'xlarge';
};

/** The assistant's picture, emoji or initials; a picture that fails to load falls back to initials. */
export function CustomAiAvatar({ avatar, name, size = 'large' }: TCustomAiAvatarProps) {
  const look = avatarLook(avatar, name);
  const [brokenUrl, setBrokenUrl] = useState<string | null>(null);
  if (look.kind === 'image' && look.url !== brokenUrl) {
    return (
      <Avatar
        image={look.url}
        imageAlt=""
        shape="circle"
        size={size}
        className="custom-ai-avatar"
        onImageError={() => setBrokenUrl(look.url)}
        aria-hidden="true"
      />
    );
  }
  const text = look.kind === 'image' ? initials(name) : look.text;
  return (
    <Avatar
      label={text}
      shape="circle"
      size={size}
      className={`custom-ai-avatar custom-ai-avatar--${look.kind === 'text' ? 'emoji' : 'initials'}`}
      aria-hidden="true"
    />
  );
}
