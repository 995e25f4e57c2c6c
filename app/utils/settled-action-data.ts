import { useActionData, useNavigation } from "@remix-run/react";
import { useState } from "react";

/**
 * The action's answer as of the last navigation that finished. React Router hands a page its
 * action's data as soon as the action answers, while the loaders still run; the navigation ends
 * (new location key, idle) one render later. A form keyed by the location key would show the
 * answer and then be rendered afresh under the person's hands, dropping a file chosen or a
 * confirmation opened in between. With this, the answer arrives together with the fresh forms.
 */
export function useSettledActionData<T>() {
  const live = useActionData<T>();
  const idle = useNavigation().state === "idle";
  const [settled, setSettled] = useState(live);
  if (idle && settled !== live) setSettled(live);
  return idle ? live : settled;
}
