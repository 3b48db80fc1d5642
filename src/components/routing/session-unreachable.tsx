import { Button, Result } from "antd";

/**
 * What a signed-in screen shows when the session could not be confirmed after its
 * retries: not a sign-out, a retry. Its own chunk (antd Result with its status
 * illustrations): every dashboard load passes through the gate, few ever see this.
 */
export function SessionUnreachable({
  message,
  stillSignedIn,
  onRetry,
}: {
  message: string;
  stillSignedIn: boolean;
  onRetry: () => void;
}) {
  return (
    <Result
      status="warning"
      title="Cannot reach the server"
      subTitle={stillSignedIn ? `${message}. You are still signed in; check your connection and try again.` : message}
      extra={
        <Button type="primary" onClick={onRetry}>
          Try again
        </Button>
      }
    />
  );
}
