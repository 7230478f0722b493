export interface IssuePromoCode {
  type: 'IssuePromoCode';
  data: { code: string; ownerId: string; premiumDays: number; reason: string; now: string };
}

export interface RedeemPromoCode {
  type: 'RedeemPromoCode';
  data: { code: string; redeemedBy: string; now: string };
}

export type PromoCommand = IssuePromoCode | RedeemPromoCode;
