/**
 * The room's invite link: `/multiplayer?room=CODE` opens the lobby with the code filled
 * in, so a friend only types a name. Copied to the clipboard; where the clipboard is refused (an
 * insecure origin, a browser setting) the link is shown to copy by hand.
 */
import { useState } from 'react';

export function inviteLink(origin: string, code: string): string {
  return `${origin}/multiplayer?room=${encodeURIComponent(code)}`;
}

export function InviteLink({ code }: { code: string }) {
  return <CopyLink link={inviteLink(window.location.origin, code)} label="Copy invite link" copied="Invite link copied" />;
}

/** A button that copies `link`, and says so (or shows the link where the clipboard is refused). */
export function CopyLink({ link, label, copied }: { link: string; label: string; copied: string }) {
  const [said, setSaid] = useState('');
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link);
      setSaid(copied);
    } catch {
      setSaid(`Copy this link: ${link}`);
    }
  };
  return (
    <div className="multiplayer-invite">
      <button type="button" className="button" onClick={() => void copy()}>
        {label}
      </button>
      <span role="status" className="multiplayer-note">
        {said}
      </span>
    </div>
  );
}
