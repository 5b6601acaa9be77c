import sgMail from '@sendgrid/mail';

sgMail.setApiKey(process.env.SENDGRID_API_KEY ?? '');

export async function sendWelcomeEmail(to: string, name: string) {
  await sgMail.send({ to, from: 'hello@community.example', templateId: 'd-welcome', dynamicTemplateData: { name } });
}
