/** Payment and in-app purchase SDKs. */
import { type SdkDefinition, defineSdk } from '../types.ts';

export const PAYMENT_SDKS: readonly SdkDefinition[] = [
  defineSdk('Alipay SDK', 'payment', ['com.alipay.sdk', 'com.alipay.android.app', 'com.alipay.mobilesecuritysdk'], {
    iosFrameworks: ['AlipaySDK'],
    iosClassPrefixes: ['AlipaySDK', 'APayAuthInfo'],
    website: 'https://open.alipay.com',
  }),
  defineSdk('UnionPay', 'payment', ['com.unionpay'], { iosClassPrefixes: ['UPPaymentControl'], website: 'https://open.unionpay.com' }),
  defineSdk('Ping++', 'payment', ['com.pingplusplus'], { iosClassPrefixes: ['Pingpp'] }),
  defineSdk('Huawei IAP', 'payment', ['com.huawei.hms.iap'], {}),
  defineSdk('Google Play Billing', 'payment', ['com.android.billingclient', 'com.android.vending.billing'], {}),
  defineSdk('Google Pay', 'payment', ['com.google.android.gms.wallet'], {}),
  defineSdk('Stripe', 'payment', ['com.stripe.android'], { iosFrameworks: ['Stripe', 'StripeCore', 'StripePaymentSheet'], iosClassPrefixes: ['STPAPIClient', 'STPPayment', 'STPCard'] }),
  defineSdk('PayPal', 'payment', ['com.paypal.android', 'com.paypal.checkout'], { iosFrameworks: ['PayPalCheckout', 'PayPalMobile'], iosClassPrefixes: ['PayPalMobile', 'PayPalPayment'] }),
  defineSdk('Braintree', 'payment', ['com.braintreepayments.api'], { iosFrameworks: ['Braintree', 'BraintreeCore'], iosClassPrefixes: ['BTAPIClient', 'BTPayPal', 'BTCard'] }),
  defineSdk('Razorpay', 'payment', ['com.razorpay'], { iosFrameworks: ['Razorpay'], iosClassPrefixes: ['RazorpayCheckout'] }),
  defineSdk('Adyen', 'payment', ['com.adyen.checkout'], { iosFrameworks: ['Adyen', 'AdyenComponents'] }),
  defineSdk('Paytm All-in-One', 'payment', ['com.paytm.pgsdk'], {}),
];
