const wholeRupees = new Intl.NumberFormat("en-IN", { style: "currency", currency: "INR", maximumFractionDigits: 0 });
const rupeesAndPaise = new Intl.NumberFormat("en-IN", { style: "currency", currency: "INR", minimumFractionDigits: 2 });

/** An amount in paise as rupees with Indian digit grouping: 250000 → "₹2,500", 99950 → "₹999.50". */
export function formatRupees(paise: number): string {
  return (paise % 100 ? rupeesAndPaise : wholeRupees).format(paise / 100);
}
