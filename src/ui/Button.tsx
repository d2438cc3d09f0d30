import { forwardRef, type ButtonHTMLAttributes } from 'react';
import s from './ui.module.css';

export type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & {
  variant?: 'default' | 'primary' | 'danger' | 'ghost';
  size?: 'md' | 'sm';
};

export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button(
  { variant = 'default', size = 'md', className, type = 'button', ...rest },
  ref,
) {
  const classes = [s.button, variant !== 'default' && s[variant], size === 'sm' && s.small, className].filter(
    Boolean,
  );
  return <button ref={ref} type={type} className={classes.join(' ')} {...rest} />;
});
