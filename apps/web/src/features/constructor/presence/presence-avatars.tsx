import { Avatar } from 'primereact/avatar';
import { AvatarGroup } from 'primereact/avatargroup';
import { useShallow } from 'zustand/react/shallow';
import { useCurrentUser } from '../../../lib/auth';
import { peopleOf } from './presence-model';
import { usePresenceStore } from './presence-store';
import './presence.css';

/** More avatars than this fold into "+N", whose hover lists the rest. */
const AVATARS_SHOWN = 4;

/** The people on this canvas, the user first, each in their presence colour. */
export function PresenceAvatars() {
  const selfUserId = useCurrentUser()?.id ?? null;
  const people = usePresenceStore(useShallow((state) => peopleOf(state.members, selfUserId)));
  if (!people.length) return null;
  const shown = people.slice(0, AVATARS_SHOWN);
  const rest = people.slice(AVATARS_SHOWN);
  return (
    <AvatarGroup className="presence-avatars" aria-label="On this canvas" data-testid="presence">
      {shown.map((person) => {
        const label = person.id === selfUserId ? `${person.name} (you)` : person.name;
        return (
          <Avatar
            key={person.id}
            label={person.avatar}
            shape="circle"
            className="presence-avatars__avatar"
            style={{ backgroundColor: person.colour }}
            title={label}
            aria-label={label}
            role="img"
            data-testid="presence-avatar"
          />
        );
      })}
      {rest.length ? (
        <Avatar
          label={`+${rest.length}`}
          shape="circle"
          className="presence-avatars__avatar presence-avatars__more"
          title={rest.map((person) => person.name).join(', ')}
          aria-label={`${rest.length} more: ${rest.map((person) => person.name).join(', ')}`}
          role="img"
        />
      ) : null}
    </AvatarGroup>
  );
}
