import { Button, Divider, Flex } from "antd";
import { useEffect, useState } from "react";
import { loadAuth } from "./auth-client";

interface Provider {
  id: string;
  name: string;
}

/** One button per third-party sign-in provider the server offers (GET /loginmethods). */
export function ProviderButtons() {
  const [providers, setProviders] = useState<Provider[]>([]);
  const [leaving, setLeaving] = useState<string | null>(null);

  useEffect(() => {
    loadAuth()
      .then(({ Multitenancy }) => Multitenancy.getLoginMethods())
      .then((methods) => {
        if (methods.status === "OK") setProviders(methods.thirdParty.providers);
      })
      .catch(() => setProviders([]));
  }, []);

  if (providers.length === 0) return null;

  async function go(provider: Provider) {
    setLeaving(provider.id);
    try {
      const { ThirdParty } = await loadAuth();
      const url = await ThirdParty.getAuthorisationURLWithQueryParamsAndSetState({
        thirdPartyId: provider.id,
        frontendRedirectURI: `${window.location.origin}/auth/callback/${provider.id}`,
      });
      window.location.assign(url);
    } catch {
      setLeaving(null);
    }
  }

  return (
    <Flex vertical gap="small">
      <Divider plain>or</Divider>
      {providers.map((provider) => (
        <Button key={provider.id} block loading={leaving === provider.id} onClick={() => go(provider)}>
          Continue with {provider.name}
        </Button>
      ))}
    </Flex>
  );
}
