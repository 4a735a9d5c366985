/** Payment and in-app purchase SDKs. */
import { type SdkDefinition, sdk } from '../types.ts';

export const PAYMENT_SDKS: readonly SdkDefinition[] = [
  sdk('Alipay SDK', 'payment', ['com.alipay.sdk', 'com.alipay.android.app', 'com.alipay.mobilesecuritysdk'], {
    iosFrameworks: ['AlipaySDK'],
    iosClassPrefixes: ['AlipaySDK', 'APayAuthInfo'],
    website: 'https://open.alipay.com',
  }),
  sdk('UnionPay', 'payment', ['com.unionpay'], { iosClassPrefixes: ['UPPaymentControl'], website: 'https://open.unionpay.com' }),
  sdk('Ping++', 'payment', ['com.pingplusplus'], { iosClassPrefixes: ['Pingpp'] }),
  sdk('Huawei IAP', 'payment', ['com.huawei.hms.iap'], {}),
  sdk('Google Play Billing', 'payment', ['com.android.billingclient', 'com.android.vending.billing'], {}),
  sdk('Google Pay', 'payment', ['com.google.android.gms.wallet'], {}),
  sdk('Stripe', 'payment', ['com.stripe.android'], { iosFrameworks: ['Stripe', 'StripeCore', 'StripePaymentSheet'], iosClassPrefixes: ['STPAPIClient', 'STPPayment', 'STPCard'] }),
  sdk('PayPal', 'payment', ['com.paypal.android', 'com.paypal.checkout'], { iosFrameworks: ['PayPalCheckout', 'PayPalMobile'], iosClassPrefixes: ['PayPalMobile', 'PayPalPayment'] }),
  sdk('Braintree', 'payment', ['com.braintreepayments.api'], { iosFrameworks: ['Braintree', 'BraintreeCore'], iosClassPrefixes: ['BTAPIClient', 'BTPayPal', 'BTCard'] }),
  sdk('Razorpay', 'payment', ['com.razorpay'], { iosFrameworks: ['Razorpay'], iosClassPrefixes: ['RazorpayCheckout'] }),
  sdk('Adyen', 'payment', ['com.adyen.checkout'], { iosFrameworks: ['Adyen', 'AdyenComponents'] }),
  sdk('Paytm All-in-One', 'payment', ['com.paytm.pgsdk'], {}),
];
