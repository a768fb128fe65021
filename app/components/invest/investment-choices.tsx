import { Form, useNavigation } from "react-router";
import { buttonClass } from "~/components/ui/styles";

// The investor's two choices on the dashboard (docs/product/investments.md#redemption, #reinvesting), each a form
// the page's action answers by its intent.

/**
 * Investments whose principal may be asked back now, or was. Asking replaces the button with what happens next, so the
 * form navigates and the answer comes back as the page's flash message.
 */
export function PrincipalBack({
  investments,
}: {
  investments: { id: number; reference: string; tierName: string; redemption: "available" | "requested" | null }[];
}) {
  const navigation = useNavigation();
  const shown = investments.filter((i) => i.redemption !== null);
  if (shown.length === 0) return null;
  return (
    <ul className="mt-3 space-y-2" aria-label="Principal back">
      {shown.map((i) => (
        <li key={i.id} className="flex flex-wrap items-center gap-3 text-sm" data-testid="redemption">
          {i.redemption === "requested" ? (
            <span>
              You asked for {i.reference} ({i.tierName}) back: our team is paying it to your bank account.
            </span>
          ) : (
            <Form method="post" className="flex flex-wrap items-center gap-3" preventScrollReset>
              <input type="hidden" name="intent" value="redemption" />
              <input type="hidden" name="investmentId" value={i.id} />
              <span>
                {i.reference} ({i.tierName}) can be paid back now.
              </span>
              <button
                type="submit"
                className={buttonClass.outline}
                disabled={navigation.formData?.get("intent") === "redemption" && navigation.formData?.get("investmentId") === String(i.id)}
              >
                Ask for my principal back
              </button>
            </Form>
          )}
        </li>
      ))}
    </ul>
  );
}

/**
 * For each running investment, where its distributions go: the bank account, or added to the investment. The choice
 * changes the line's wording, so the form navigates and the answer comes back as the page's flash message.
 */
export function ReinvestChoices({
  investments,
}: {
  investments: { id: number; reference: string; tierName: string; reinvest: boolean; reinvestChoosable: boolean }[];
}) {
  const navigation = useNavigation();
  const running = investments.filter((i) => i.reinvestChoosable);
  if (running.length === 0) return null;
  return (
    <ul className="mt-3 space-y-2" aria-label="Where distributions go">
      {running.map((i) => (
        <li key={i.id} data-testid="reinvest-choice">
          <Form method="post" className="flex flex-wrap items-center gap-3 text-sm" preventScrollReset>
            <input type="hidden" name="intent" value="reinvest" />
            <input type="hidden" name="investmentId" value={i.id} />
            <input type="hidden" name="reinvest" value={i.reinvest ? "no" : "yes"} />
            <span>
              {i.reference} ({i.tierName}): distributions are{" "}
              <strong>{i.reinvest ? "added to this investment" : "paid to your bank account"}</strong>.
            </span>
            <button
              type="submit"
              className={buttonClass.outline}
              disabled={navigation.formData?.get("intent") === "reinvest" && navigation.formData?.get("investmentId") === String(i.id)}
            >
              {i.reinvest ? "Pay them to my bank instead" : "Reinvest them instead"}
            </button>
          </Form>
        </li>
      ))}
    </ul>
  );
}
