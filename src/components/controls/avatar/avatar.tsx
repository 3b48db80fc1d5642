import { Avatar as AntdAvatar } from "antd";
import styles from "./avatar.module.css";
import { avatarGroup, avatarInitials } from "./avatar-color";

export interface AvatarProps {
  name: string;
  src?: string;
  size?: "small" | "default" | "large" | number;
  className?: string;
}

/** A person's initials on a colour chosen by the letter group of the first initial. */
export function Avatar({ name, src, size = "default", className }: AvatarProps) {
  const initials = avatarInitials(name);
  const group = avatarGroup(initials);
  return (
    <span role="img" aria-label={name} className={className} data-group={group}>
      <AntdAvatar src={src} size={size} className={`${styles.avatar} ${styles[group]}`}>
        {initials}
      </AntdAvatar>
    </span>
  );
}
