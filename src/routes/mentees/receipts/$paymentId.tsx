import { createFileRoute } from "@tanstack/react-router";
import { ReceiptPage } from "@/payments/receipt-page";

export const Route = createFileRoute("/mentees/receipts/$paymentId")({ component: ReceiptRoute });

function ReceiptRoute() {
  const { paymentId } = Route.useParams();
  return <ReceiptPage paymentId={paymentId} />;
}
